/*
 * The catalogue version (0035_catalogue_version_on_rows_changed) moves on lessons too: a learner's
 * mastery list names the lesson that first teaches each concept, and each course's concepts are
 * kept under the version, so a lesson added, removed, moved or rewritten moves it, as a section does.
 */
CREATE TRIGGER course_subsections_version_insert AFTER INSERT ON course_subsections REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER course_subsections_version_update AFTER UPDATE ON course_subsections REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER course_subsections_version_delete AFTER DELETE ON course_subsections REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed();
--> statement-breakpoint
CREATE TRIGGER course_subsections_version_truncate AFTER TRUNCATE ON course_subsections FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version();
