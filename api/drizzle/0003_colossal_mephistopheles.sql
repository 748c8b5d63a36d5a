CREATE TABLE `radio_identity` (
	`id` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
