CREATE TABLE `resourcelinks` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`type` text NOT NULL,
	`classid` integer NOT NULL,
	`owner` text NOT NULL,
	`recycle` integer NOT NULL,
	`links` text NOT NULL
);
