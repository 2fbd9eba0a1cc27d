import { CourseListLoading } from "@/components/ui/page-loading";

export default function Loading() {
  return <CourseListLoading title="Your Completed Courses" />;
}
