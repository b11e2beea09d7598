import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportError } from '../config/monitoring.ts'
import { isChunkLoadError } from '../ui/chunk-load.ts'
import { ChunkFailure } from './chunk-failure.tsx'
import { ErrorFallback } from './error-fallback.tsx'

type Props = {
  children: ReactNode
  /** A new value (the next route) clears a caught error, so navigating away recovers. */
  resetKey?: string
}
type State = { failed: 'no' | 'crash' | 'chunk' }

/**
 * Catches render errors and reports them (Sentry if set): a screen whose chunk could not be
 * downloaded gets the ChunkLoadError handling of product-rules.md "Errors", anything else the crash
 * screen.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: 'no' }

  static getDerivedStateFromError(error: unknown): State {
    return { failed: isChunkLoadError(error) ? 'chunk' : 'crash' }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { componentStack: info.componentStack })
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey && this.state.failed !== 'no')
      this.setState({ failed: 'no' })
  }

  override render(): ReactNode {
    if (this.state.failed === 'chunk') return <ChunkFailure />
    if (this.state.failed === 'crash') return <ErrorFallback />
    return this.props.children
  }
}
