-- docs/operations.md#importing-signals: an import takes an empty or blank contentFull as absent and an empty or blank
-- icpMatch as no match (a file from another tool or a spreadsheet writes "" for none). An import before that stored
-- them as given: the console showed an empty post under a preview with words, and the author's person matched a
-- profile of no name, warmer for it. Such rows are stored as the import stores them now, null. Blank is what
-- JavaScript's trim() leaves empty, the import's test: these characters (`w.spaces`) and nothing else.
-- The icpMatch statements read the list index, which holds it, rather than the rows with their full texts.
--
-- A team's preview pages (which show icpMatch) are remembered by its signals version: moved, so that a server of the
-- version before (a rolling upgrade) reads them again. Full-text pages are never remembered.
WITH w(spaces) AS (VALUES (char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200,
  8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)))
UPDATE `teams` SET `signals_version` = `signals_version` + 1
WHERE `id` IN (SELECT s.`team_id` FROM `signals` s, w WHERE trim(s.`icp_match`, w.spaces) = '');
--> statement-breakpoint
-- docs/people.md#heat: a person whose only match was a blank one matches no profile (their figures count the signals
-- not dismissed, storage/repos/people-figures.ts); worked out before the signals change, which tells them apart.
WITH w(spaces) AS (VALUES (char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200,
  8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)))
UPDATE `people` SET `icp_matched` = EXISTS (SELECT 1 FROM `signals` s, w WHERE s.`person_id` = `people`.`id`
    AND s.`dismissed` = 0 AND trim(s.`icp_match`, w.spaces) <> '')
WHERE `icp_matched` = 1 AND `id` IN (SELECT s.`person_id` FROM `signals` s, w WHERE trim(s.`icp_match`, w.spaces) = '');
--> statement-breakpoint
WITH w(spaces) AS (VALUES (char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200,
  8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)))
UPDATE `signals` SET `icp_match` = NULL
WHERE `rowid` IN (SELECT s.`rowid` FROM `signals` s, w WHERE trim(s.`icp_match`, w.spaces) = '');
--> statement-breakpoint
WITH w(spaces) AS (VALUES (char(9, 10, 11, 12, 13, 32, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200,
  8201, 8202, 8232, 8233, 8239, 8287, 12288, 65279)))
UPDATE `signals` SET `content_full` = NULL WHERE trim(`content_full`, (SELECT spaces FROM w)) = '';
