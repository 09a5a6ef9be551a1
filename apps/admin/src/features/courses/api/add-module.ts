import type { AddModule, AddModuleResponse, ApiClient } from '@school/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export function addModule(client: ApiClient, courseId: string, body: AddModule): Promise<AddModuleResponse> {
  return client.call('adminAddModule', { params: { courseId }, body });
}

/** The editor keeps its own draft, so the course is not refetched here (that would drop unsaved edits). */
export function useAddModule(courseId: string) {
  const { client } = useSession();
  return useMutation({ mutationFn: (body: AddModule) => addModule(client, courseId, body) });
}
