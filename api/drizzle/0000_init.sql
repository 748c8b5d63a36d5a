CREATE TABLE `api_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	`user_agent` text
);
--> statement-breakpoint
CREATE TABLE `id_sequences` (
	`name` text PRIMARY KEY NOT NULL,
	`last_id` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
