CREATE TABLE `stream_positions` (
	`platform` text PRIMARY KEY NOT NULL,
	`position` text NOT NULL,
	`upstream_at` text,
	`lag_ms` integer,
	`heard_at` text,
	`minutes` text DEFAULT '[]' NOT NULL,
	`gap` text,
	`gap_at` text,
	`updated_at` text NOT NULL
);
