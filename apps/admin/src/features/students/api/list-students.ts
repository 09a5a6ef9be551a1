import type { AdminStudentListQuery, AdminStudentListResponse, ApiClient } from '@school/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export type StudentListQuery = Partial<AdminStudentListQuery>;

/** Always asks for role STUDENT (the list never shows staff). */
export function fetchStudents(client: ApiClient, query: StudentListQuery, signal?: AbortSignal): Promise<AdminStudentListResponse> {
  return client.call('adminStudentList', { query: { ...query, role: 'STUDENT' }, signal });
}

export const studentsQuery = (client: ApiClient, query: StudentListQuery) =>
  queryOptions({
    queryKey: ['admin', 'students', query],
    queryFn: ({ signal }) => fetchStudents(client, query, signal),
    placeholderData: keepPreviousData,
  });

export function useStudents(query: StudentListQuery) {
  const { client } = useSession();
  return useQuery(studentsQuery(client, query));
}
