import { eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { users, type UserRow } from './schema.js';

export type User = UserRow;

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  role: string;
  passwordHash: string;
}

export type UserChanges = Partial<
  Pick<
    User,
    | 'firstName'
    | 'lastName'
    | 'phoneNumber'
    | 'role'
    | 'passwordHash'
    | 'notificationsEnabled'
    | 'activatedAt'
    | 'sport'
  >
>;

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

export function createUsersRepository(db: Database) {
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return user;
    },

    async findById(id: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return user;
    },

    /** Undefined when the e-mail is already taken (compared case-insensitively). */
    async create(values: NewUser): Promise<User | undefined> {
      try {
        const [user] = await db.insert(users).values(values).returning();
        return user;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async update(id: string, changes: UserChanges, now: Date): Promise<User | undefined> {
      const [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return user;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
