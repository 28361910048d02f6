ALTER TABLE `take_receipts` ADD `team_id` text;--> statement-breakpoint
ALTER TABLE `take_receipts` ADD `month` text;--> statement-breakpoint
ALTER TABLE `take_receipts` ADD `source` text;--> statement-breakpoint
ALTER TABLE `take_receipts` ADD `hold_window` integer;--> statement-breakpoint
ALTER TABLE `take_receipts` ADD `holder` text;