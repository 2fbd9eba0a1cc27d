import { PageLoadingMessage } from "@/components/ui/page-loading";

export default function ProgressLoading() {
  return <PageLoadingMessage message="Loading your progress..." width="max-w-4xl" />;
}
