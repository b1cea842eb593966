import { Button, Modal, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from './confirm-button';

export interface SaveFooterProps {
  onCancel: () => void;
  /** A returned promise keeps Save loading until it settles (ConfirmButton). */
  onSave: () => unknown;
  /** Save's `data-testid`. */
  saveTestId?: string;
  saveDisabled?: boolean;
  saving?: boolean;
}

/** A form dialog's footer: Cancel, then Save as a ConfirmButton (debounced 400 ms). */
export function SaveFooter({ onCancel, onSave, saveTestId, saveDisabled, saving }: SaveFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      <ConfirmButton type="primary" onClick={onSave} disabled={saveDisabled} loading={saving} data-testid={saveTestId}>
        {t('common.save')}
      </ConfirmButton>
    </>
  );
}

// one object for all renders: with a new `mask` object on every render, a select's list in the device form
// (which re-renders as it is filled) at times stayed open in the device e2e; with this one it does not
/** A dialog the mask does not close (one object: a new one each render reopens selects in antd 6). */
export const NOT_CLOSED_BY_MASK = { closable: false };

export type FormDialogProps = Omit<ModalProps, 'footer' | 'onOk' | 'onCancel' | 'mask' | 'maskClosable'> & SaveFooterProps;

/**
 * A create / edit dialog: open unless `open` says otherwise, not closed by a click on the mask (the
 * close button and Cancel call `onCancel`), its content dropped when it closes, and the SaveFooter.
 */
export function FormDialog({ open = true, onCancel, onSave, saveTestId, saveDisabled, saving, ...modal }: FormDialogProps) {
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      mask={NOT_CLOSED_BY_MASK}
      destroyOnHidden
      footer={<SaveFooter onCancel={onCancel} onSave={onSave} saveTestId={saveTestId} saveDisabled={saveDisabled} saving={saving} />}
      {...modal}
    />
  );
}
