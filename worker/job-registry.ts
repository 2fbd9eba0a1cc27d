import { twoFactorRecoveryJob } from "../lib/accounts/jobs/two-factor-recovery";
import { generateCourseOutlineJob } from "../lib/authoring/generation/jobs/generate-course-outline";
import { generateQuestionsJob } from "../lib/authoring/generation/jobs/generate-questions";
import { generateSubsectionJob } from "../lib/authoring/generation/jobs/generate-subsection";
import { generateTopicCoursesJob } from "../lib/authoring/generation/jobs/generate-topic-courses";
import { generationDeadLetterJob } from "../lib/authoring/generation/jobs/generation-dead-letter";
import { judgeSectionJob } from "../lib/authoring/generation/jobs/judge-section";
import { regenerateContentJob } from "../lib/authoring/generation/jobs/regenerate-content";
import { writeQuestionVariantsJob } from "../lib/authoring/generation/jobs/write-question-variants";
import { sendEmailJob } from "../lib/accounts/mail/jobs/send-email";
import { sendEmailDeadLetterJob } from "../lib/accounts/mail/jobs/send-email-dead-letter";
import { pruneExpiredRowsJob } from "../lib/operations/maintenance/jobs/prune-expired-rows";
import { extractSourceJob } from "../lib/authoring/sources/jobs/extract-source";
import { extractSourceDeadLetterJob } from "../lib/authoring/sources/jobs/extract-source-dead-letter";
import { extractOwnSourceJob } from "../lib/authoring/sources/jobs/extract-own-source";
import { extractTopicSourceJob } from "../lib/authoring/sources/jobs/extract-topic-source";
import { sendRemindersJob } from "../lib/practice/reminders/jobs/send-reminders";
import type { AnyJobDefinition } from "../lib/platform/jobs/definition";

/** Every job the worker runs, by domain (the tests' in-process workers start one domain's). */
export const mailJobs: readonly AnyJobDefinition[] = [sendEmailJob, sendEmailDeadLetterJob];

export const generationJobs: readonly AnyJobDefinition[] = [generateTopicCoursesJob, generateCourseOutlineJob, generateSubsectionJob, generateQuestionsJob, generationDeadLetterJob, writeQuestionVariantsJob, judgeSectionJob, regenerateContentJob];

export const maintenanceJobs: readonly AnyJobDefinition[] = [pruneExpiredRowsJob];

export const accountJobs: readonly AnyJobDefinition[] = [twoFactorRecoveryJob];

export const sourceJobs: readonly AnyJobDefinition[] = [extractSourceJob, extractTopicSourceJob, extractOwnSourceJob, extractSourceDeadLetterJob];

export const reminderJobs: readonly AnyJobDefinition[] = [sendRemindersJob];

export const allJobs: readonly AnyJobDefinition[] = [...mailJobs, ...generationJobs, ...maintenanceJobs, ...accountJobs, ...sourceJobs, ...reminderJobs];
