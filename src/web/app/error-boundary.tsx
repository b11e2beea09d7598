import { Component, type ErrorInfo, type ReactNode } from 'react'
import { ErrorFallback } from './error-fallback.tsx'
import { reportError } from './monitoring.ts'

type State = { failed: boolean }

/** Catches render errors outside the router's own boundary and reports them (Sentry if set). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack })
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children
  }
}
