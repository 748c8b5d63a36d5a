CREATE TABLE `alarm_pin_guards` (
	`alarmsystem` text PRIMARY KEY NOT NULL,
	`failures` text NOT NULL,
	`locked_until` integer NOT NULL,
	`lockouts` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `group_membership_doubts` (
	`group_id` text NOT NULL,
	`light_id` text NOT NULL,
	PRIMARY KEY(`group_id`, `light_id`)
);
