CREATE TABLE `group_scenes` (
	`group_id` integer NOT NULL,
	`scene_id` integer NOT NULL,
	`name` text NOT NULL,
	`transitiontime` integer NOT NULL,
	`lights` text NOT NULL,
	PRIMARY KEY(`group_id`, `scene_id`)
);
--> statement-breakpoint
CREATE TABLE `light_groups` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`class` text,
	`hidden` integer DEFAULT false NOT NULL,
	`lights` text NOT NULL,
	`lightsequence` text NOT NULL,
	`multideviceids` text NOT NULL,
	`devicemembership` text NOT NULL,
	`action` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE `lights` (
	`id` integer PRIMARY KEY NOT NULL,
	`uniqueid` text NOT NULL,
	`ieee` text NOT NULL,
	`endpoint` integer NOT NULL,
	`name` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lights_uniqueid_unique` ON `lights` (`uniqueid`);