/** A state's uppercase id as people write it: 'NEGERI_SEMBILAN' -> 'Negeri Sembilan'. */
export function stateLabel(id: string): string {
  return id
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
