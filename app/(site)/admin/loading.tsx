import { AdminChecking } from "@/components/admin/access-states";

export default function Loading() {
  return <AdminChecking />;
}
