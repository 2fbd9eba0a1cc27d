import { twoFactorRecoveryJob } from "../accounts/jobs/two-factor-recovery";
import { generateCourseOutlineJob } from "../generation/jobs/generate-course-outline";
import { generateQuestionsJob } from "../generation/jobs/generate-questions";
import { generateSubsectionJob } from "../generation/jobs/generate-subsection";
import { generateTopicCoursesJob } from "../generation/jobs/generate-topic-courses";
import { generationDeadLetterJob } from "../generation/jobs/generation-dead-letter";
import { judgeSectionJob } from "../generation/jobs/judge-section";
import { regenerateContentJob } from "../generation/jobs/regenerate-content";
import { writeQuestionVariantsJob } from "../generation/jobs/write-question-variants";
import { sendEmailJob } from "../mail/jobs/send-email";
import { sendEmailDeadLetterJob } from "../mail/jobs/send-email-dead-letter";
import { pruneExpiredRowsJob } from "../maintenance/jobs/prune-expired-rows";
import { extractSourceJob } from "../sources/jobs/extract-source";
import { extractSourceDeadLetterJob } from "../sources/jobs/extract-source-dead-letter";
import { extractOwnSourceJob } from "../sources/jobs/extract-own-source";
import { extractTopicSourceJob } from "../sources/jobs/extract-topic-source";
import { sendRemindersJob } from "../reminders/jobs/send-reminders";
import type { AnyJobDefinition } from "./definition";

/** Every job the worker runs, by domain (the tests' in-process workers start one domain's). */
export const mailJobs: readonly AnyJobDefinition[] = [sendEmailJob, sendEmailDeadLetterJob];

export const generationJobs: readonly AnyJobDefinition[] = [generateTopicCoursesJob, generateCourseOutlineJob, generateSubsectionJob, generateQuestionsJob, generationDeadLetterJob, writeQuestionVariantsJob, judgeSectionJob, regenerateContentJob];

export const maintenanceJobs: readonly AnyJobDefinition[] = [pruneExpiredRowsJob];

export const accountJobs: readonly AnyJobDefinition[] = [twoFactorRecoveryJob];

export const sourceJobs: readonly AnyJobDefinition[] = [extractSourceJob, extractTopicSourceJob, extractOwnSourceJob, extractSourceDeadLetterJob];

export const reminderJobs: readonly AnyJobDefinition[] = [sendRemindersJob];

export const allJobs: readonly AnyJobDefinition[] = [...mailJobs, ...generationJobs, ...maintenanceJobs, ...accountJobs, ...sourceJobs, ...reminderJobs];
