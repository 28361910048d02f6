CREATE TABLE `platform_budgets` (
	`platform` text PRIMARY KEY NOT NULL,
	`window_start` text NOT NULL,
	`used` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `platform_health` ADD `warning` text;