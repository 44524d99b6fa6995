import { QueryView } from '../../components/query-view';
import { Sheet } from '../../components/sheet';
import { useAturan } from '../api/aturan';
import { AturanForm } from './aturan-form';

/** The pass rule of an event in a sheet: from the event list and from the recap. */
export function AturanSheet({
  idUkt,
  disahkan,
  onClose,
  onDone,
}: {
  idUkt: string;
  disahkan: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const aturan = useAturan(idUkt);
  return (
    <Sheet title="Aturan kelulusan" onClose={onClose}>
      <QueryView query={aturan}>
        {(data) => <AturanForm idUkt={idUkt} aturan={data} disahkan={disahkan} onDone={onDone} />}
      </QueryView>
    </Sheet>
  );
}
