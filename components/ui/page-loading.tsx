import { CourseListPage } from "@/components/courses/course-list-page";
import { CourseGridSkeleton } from "@/components/courses/course-skeletons";
import { LoadingShapeOf, type LoadingShape } from "@/components/ui/loading-shapes";

/* What a dashboard route's loading.tsx shows while its server component loads (each screen's own 'Loading ...' text). */

const PAGE = "mx-auto px-4 py-10 sm:px-6 lg:px-8";

/** One announced line, e.g. 'Loading course...', in a page column of the given width classes, over a skeleton of `shape`. */
export function PageLoadingMessage({ message, width, shape }: { message: string; width: string; shape?: LoadingShape }) {
  return (
    <div className={`${PAGE} ${width}`}>
      <p role="status" className="text-lg text-slate-700">
        {message}
      </p>
      {shape ? <LoadingShapeOf shape={shape} /> : null}
    </div>
  );
}

/** A course list page's frame and heading over placeholder cards. */
export function CourseListLoading({ title }: { title: string }) {
  return (
    <CourseListPage title={title}>
      <CourseGridSkeleton />
    </CourseListPage>
  );
}
