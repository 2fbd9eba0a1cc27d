import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function CourseDetailsLoading() {
  return <PageLoadingMessage message="Loading course..." width="max-w-4xl" shape="overview" />;
}
