import { PageLoading } from "@/components/layout/page-loading";

export default PageLoading;
