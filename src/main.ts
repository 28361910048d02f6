#!/usr/bin/env bun
import { dispatch } from './cli/dispatch'

process.exitCode = await dispatch(process.argv.slice(2))
