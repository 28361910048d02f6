CREATE TABLE IF NOT EXISTS `take_receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`taken` integer NOT NULL,
	`at` integer NOT NULL
);
