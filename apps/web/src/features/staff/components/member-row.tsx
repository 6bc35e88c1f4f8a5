import type { StaffMember } from '@app/contracts/staff';
import { useI18n } from '../../../i18n/i18n';
import type { MessageKey } from '../../../i18n/messages';
import styles from './staff.module.css';

/** A member's head line: initial, name, @username, role, status and presence. */
export function MemberHead({ member }: { member: StaffMember }) {
  const { t } = useI18n();
  return (
    <div className={styles.memberHead}>
      <span className={styles.avatar} aria-hidden="true">
        {member.name.slice(0, 1).toUpperCase()}
      </span>
      <span className={styles.memberMain}>
        <span className={styles.name}>{member.name}</span>
        <span className={styles.muted}>
          {member.username ? `@${member.username} · ` : ''}
          {t(`staff.role.${member.role}` as MessageKey)}
        </span>
      </span>
      <span className={styles.row}>
        <span
          className={`${styles.dot} ${member.presence === 'online' ? styles.online : ''}`}
          role="img"
          aria-label={t(`staff.presence.${member.presence}` as MessageKey)}
        />
        <span className={styles.chip} data-testid="staff-status">
          {t(`staff.status.${member.status}` as MessageKey)}
        </span>
      </span>
    </div>
  );
}

/** The member's permissions as chips. */
export function PermissionChips({ member }: { member: StaffMember }) {
  const { t } = useI18n();
  return (
    <span className={styles.row}>
      {member.permissions.map((p) => (
        <span key={p} className={styles.chip}>
          {t(`staff.permission.${p}` as MessageKey)}
        </span>
      ))}
    </span>
  );
}
