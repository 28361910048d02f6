CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pending_mentions` (
	`team_id` text NOT NULL,
	`platform` text NOT NULL,
	`post_id` text NOT NULL,
	`keyword` text NOT NULL,
	`mention` text NOT NULL,
	`fetched_at` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`team_id`, `platform`, `post_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `poll_cursors` (
	`platform` text NOT NULL,
	`keyword_lc` text NOT NULL,
	`newest_at` text,
	`newest_ids` text NOT NULL,
	`polled_at` text NOT NULL,
	PRIMARY KEY(`platform`, `keyword_lc`)
);
--> statement-breakpoint
ALTER TABLE `platform_health` ADD `retry_at` text;