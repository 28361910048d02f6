ALTER TABLE `teams` ADD `hold_window` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `teams` ADD `holds_in_window` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `teams` ADD `holds_in_previous` integer DEFAULT 0 NOT NULL;