/*
 * The catalogue version (0006_admin_summaries, 0010_catalogue_version) moved on every statement
 * against courses, topics, course sections and quiz questions, including one that changed no row:
 * a refused call (an update or delete of a topic that does not exist) moved it, and every process
 * threw its copy of the catalogue away for nothing. It now moves when a statement changed at least
 * one row: each event's trigger sees the rows it changed (a transition table; PostgreSQL allows one
 * only on a trigger of one event). TRUNCATE has no rows to show and always moves it.
 */
CREATE FUNCTION courses_bump_version_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    PERFORM stats_counter_add('courses_version', 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER courses_version ON courses;
--> statement-breakpoint
DROP TRIGGER topics_version ON topics;
--> statement-breakpoint
DROP TRIGGER course_sections_version ON course_sections;
--> statement-breakpoint
DROP TRIGGER quiz_questions_version ON quiz_questions;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['courses', 'topics', 'course_sections', 'quiz_questions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed()', t || '_version_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed()', t || '_version_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version_if_changed()', t || '_version_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION courses_bump_version()', t || '_version_truncate', t);
  END LOOP;
END $$;
