import { lazyComponent } from '../../ui/lazy-component.tsx'

// The console's door: a tiny chunk the app's router names, which loads the console's own chunk. The
// router (in the login page's entry) then lists one file for /admin instead of the console's
// dozens, which the login's size budget has no room for.
const AdminConsole = lazyComponent(async () => (await import('./admin-console.tsx')).AdminConsole)

export function AdminRoute() {
  return <AdminConsole />
}
