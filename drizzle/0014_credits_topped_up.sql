ALTER TABLE `teams` ADD `credits_topped_up` integer DEFAULT 0 NOT NULL;
