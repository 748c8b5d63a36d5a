CREATE TABLE `alarm_devices` (
	`uniqueid` text PRIMARY KEY NOT NULL,
	`alarmsystem` text NOT NULL,
	`armmask` text NOT NULL,
	`trigger` text
);
--> statement-breakpoint
CREATE TABLE `alarm_systems` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`config` text NOT NULL,
	`pin` text,
	`armmode` text NOT NULL,
	`armstate` text NOT NULL,
	`deadline` integer
);
