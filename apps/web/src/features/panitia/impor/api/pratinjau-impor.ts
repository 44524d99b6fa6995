import { useMutation } from '@tanstack/react-query';
import { API, apiResult, ImporPratinjau } from '@ukt/core';
import { apiPost } from '../../../../lib/api-client';
import { type ImporTarget, imporForm, imporQuery } from './impor-target';

const PratinjauAnswer = apiResult(ImporPratinjau);

/** POST /panitia/impor/{jenis}/pratinjau: checks a file and tells what importing it would do; writes nothing. */
export async function pratinjauImpor(target: ImporTarget, file: File): Promise<ImporPratinjau> {
  const answer = PratinjauAnswer.safeParse(
    await apiPost<unknown>(
      API.panitia.imporPratinjau.href(target.jenis, imporQuery(target)),
      imporForm(file),
    ),
  );
  if (!answer.success) throw new Error('Pratinjau impor tidak dapat dibaca.');
  return answer.data.data;
}

/** The preview of a file (a POST, so a mutation; nothing to invalidate: nothing is written). */
export function usePratinjauImpor() {
  return useMutation({
    mutationFn: ({ target, file }: { target: ImporTarget; file: File }) => pratinjauImpor(target, file),
  });
}
