DROP INDEX `signals_order_idx`;--> statement-breakpoint
DROP INDEX `signals_intent_idx`;--> statement-breakpoint
DROP INDEX `signals_platform_idx`;--> statement-breakpoint
DROP INDEX `signals_keyword_idx`;--> statement-breakpoint
CREATE INDEX `signals_order_idx` ON `signals` (`team_id`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_intent_idx` ON `signals` (`team_id`,`intent`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_platform_idx` ON `signals` (`team_id`,`platform`,"score" desc,"published_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX `signals_keyword_idx` ON `signals` (`team_id`,"keyword" collate nocase,"score" desc,"published_at" desc,"id" desc);