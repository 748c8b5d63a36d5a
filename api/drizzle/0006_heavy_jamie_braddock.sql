CREATE TABLE `ddf_bundles` (
	`hash` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`file_hash` text NOT NULL,
	`descriptor` text NOT NULL,
	`signatures` text NOT NULL,
	`data` blob NOT NULL,
	`uploaded_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ddf_bundles_seq_unique` ON `ddf_bundles` (`seq`);--> statement-breakpoint
CREATE TABLE `device_ddf_policies` (
	`mac` text PRIMARY KEY NOT NULL,
	`policy` text NOT NULL,
	`hash` text
);
