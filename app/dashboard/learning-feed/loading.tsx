import { CourseGridSkeleton } from "@/components/courses/course-skeletons";

export default function Loading() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My Learning</h1>
      <CourseGridSkeleton />
    </div>
  );
}
