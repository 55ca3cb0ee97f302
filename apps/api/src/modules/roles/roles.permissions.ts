import { sql, type SQL } from 'drizzle-orm';
import { customRoleMembers, customRoles, users } from '../../db/schema';

/**
 * The permission list of the user's custom role, or NULL when they hold none, as a column
 * other modules' queries select beside `users` (the session check, the session restore). It
 * counts only while the user's role is the custom role's base role, so a role changed
 * elsewhere never carries a custom permission set over to another role. Read with the session
 * check, whose copies a change drops (roles.events.ts): it applies to live sessions at once
 * (docs/product.md §6).
 */
export function customPermissionsOfUser(): SQL<string[] | null> {
  return sql<string[] | null>`(
    select ${customRoles.permissions} from ${customRoleMembers}
    join ${customRoles} on ${customRoles.id} = ${customRoleMembers.customRoleId}
    where ${customRoleMembers.userId} = ${users.id} and ${customRoles.baseRole} = ${users.role}
  )`;
}
