CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`hash` text NOT NULL,
	`prefix` text NOT NULL,
	`label` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_hash_unique` ON `api_keys` (`hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_prefix_unique` ON `api_keys` (`prefix`);--> statement-breakpoint
CREATE INDEX `api_keys_team_idx` ON `api_keys` (`team_id`);--> statement-breakpoint
CREATE TABLE `icp_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`competitors` text DEFAULT '[]' NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `icp_team_name_idx` ON `icp_profiles` (`team_id`,`name`);--> statement-breakpoint
CREATE TABLE `keywords` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`keyword` text NOT NULL,
	`keyword_lc` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `keywords_team_kw_idx` ON `keywords` (`team_id`,`keyword_lc`);--> statement-breakpoint
CREATE TABLE `legacy_posts` (
	`team_id` text NOT NULL,
	`network` text NOT NULL,
	`post_id` text NOT NULL,
	`keyword` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`first_seen_at` text NOT NULL,
	PRIMARY KEY(`team_id`, `network`, `post_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `platform_health` (
	`platform` text PRIMARY KEY NOT NULL,
	`last_success_at` text,
	`last_failure_at` text,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `score_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`result` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `signals` (
	`id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`platform` text NOT NULL,
	`post_id` text NOT NULL,
	`author` text NOT NULL,
	`intent` text NOT NULL,
	`score` real NOT NULL,
	`reason` text NOT NULL,
	`icp_match` text,
	`preview` text NOT NULL,
	`url` text NOT NULL,
	`keyword` text NOT NULL,
	`published_at` text NOT NULL,
	`detected_at` text NOT NULL,
	`content_full` text,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signals_team_post_idx` ON `signals` (`team_id`,`platform`,`post_id`);--> statement-breakpoint
CREATE INDEX `signals_order_idx` ON `signals` (`team_id`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_intent_idx` ON `signals` (`team_id`,`intent`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_platform_idx` ON `signals` (`team_id`,`platform`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_keyword_idx` ON `signals` (`team_id`,"keyword" collate nocase,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_published_idx` ON `signals` (`team_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`plan` text NOT NULL,
	`credits` integer DEFAULT 0 NOT NULL,
	`usage_month` text NOT NULL,
	`quota_used` integer DEFAULT 0 NOT NULL,
	`credit_used` integer DEFAULT 0 NOT NULL,
	`signals_version` integer DEFAULT 0 NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `teams_name_unique` ON `teams` (`name`);