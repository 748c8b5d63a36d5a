CREATE TABLE `rules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`owner` text NOT NULL,
	`status` text NOT NULL,
	`periodic` integer NOT NULL,
	`conditions` text NOT NULL,
	`actions` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_triggered_at` integer,
	`times_triggered` integer NOT NULL,
	`etag` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`command` text NOT NULL,
	`time` text,
	`localtime` text,
	`status` text NOT NULL,
	`autodelete` integer NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`next_fire_at` integer,
	`firings` integer NOT NULL,
	`etag` text NOT NULL
);
