ALTER TABLE `signals` ADD `imported` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `signals_found_idx` ON `signals` (`team_id`,`detected_at`) WHERE imported = 0;