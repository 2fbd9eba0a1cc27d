import { CourseListLoading } from "@/components/ui/page-loading";

export default function Loading() {
  return <CourseListLoading title="My Learning" />;
}
