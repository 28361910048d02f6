CREATE TABLE `signal_feedback` (
	`signal_id` text PRIMARY KEY NOT NULL,
	`team_id` text NOT NULL,
	`keyword_lc` text NOT NULL,
	`verdict` text NOT NULL,
	`reason` text,
	`score` real NOT NULL,
	`intent` text NOT NULL,
	`scored_by` text,
	`model` text,
	`prompt_version` text,
	`judged_at` text NOT NULL,
	FOREIGN KEY (`signal_id`) REFERENCES `signals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `signal_feedback_team_kw_idx` ON `signal_feedback` (`team_id`,`keyword_lc`);--> statement-breakpoint
CREATE INDEX `signal_feedback_team_judged_idx` ON `signal_feedback` (`team_id`,`judged_at`);--> statement-breakpoint
DROP INDEX `signals_order_idx`;--> statement-breakpoint
DROP INDEX `signals_intent_idx`;--> statement-breakpoint
DROP INDEX `signals_platform_idx`;--> statement-breakpoint
DROP INDEX `signals_keyword_idx`;--> statement-breakpoint
DROP INDEX `signals_published_idx`;--> statement-breakpoint
ALTER TABLE `signals` ADD `dismissed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `signals` ADD `scored_by` text;--> statement-breakpoint
ALTER TABLE `signals` ADD `model` text;--> statement-breakpoint
ALTER TABLE `signals` ADD `prompt_version` text;--> statement-breakpoint
CREATE INDEX `signals_order_idx` ON `signals` (`team_id`,"score" desc,"published_at" desc,"id" desc,`dismissed`);--> statement-breakpoint
CREATE INDEX `signals_intent_idx` ON `signals` (`team_id`,`intent`,"score" desc,"published_at" desc,"id" desc,`dismissed`);--> statement-breakpoint
CREATE INDEX `signals_platform_idx` ON `signals` (`team_id`,`platform`,"score" desc,"published_at" desc,"id" desc,`dismissed`);--> statement-breakpoint
CREATE INDEX `signals_keyword_idx` ON `signals` (`team_id`,"keyword" collate nocase,"score" desc,"published_at" desc,"id" desc,`dismissed`);--> statement-breakpoint
CREATE INDEX `signals_published_idx` ON `signals` (`team_id`,`published_at`,`dismissed`);