CREATE TABLE `sensors` (
	`id` integer PRIMARY KEY NOT NULL,
	`uniqueid` text NOT NULL,
	`kind` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`modelid` text NOT NULL,
	`manufacturername` text NOT NULL,
	`swversion` text NOT NULL,
	`ieee` text,
	`endpoint` integer,
	`mode` integer,
	`state` text NOT NULL,
	`config` text NOT NULL,
	`deleted` integer DEFAULT false NOT NULL
);
