/**
 * What {@code linestore build} and {@code index} need around {@link io.linestore.LineStores#build}:
 * the advice to pass {@code --force}, a one-line summary, and a progress bar fed by
 * {@link io.linestore.ProgressListener}.
 */
package io.linestore.cli.store;
