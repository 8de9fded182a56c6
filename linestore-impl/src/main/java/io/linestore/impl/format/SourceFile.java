package io.linestore.impl.format;

/**
 * What a sidecar index knows of the file it indexes, to tell on open whether the file is as it was
 * (fresh), only longer (grown: the old bytes are untouched, the new ones can be indexed on their own),
 * or changed in any other way (the index is stale and must not be used).
 *
 * @param name the file's name; the sidecar directory is this name plus {@value StoreFiles#SIDECAR_SUFFIX},
 *     next to it
 * @param modifiedMillis the file's modification time when it was last indexed
 * @param headCrc32c CRC32C of the indexed bytes' first {@value StoreFiles#PROBE_BYTES} (or fewer)
 * @param tailCrc32c CRC32C of the indexed bytes' last {@value StoreFiles#PROBE_BYTES} (or fewer)
 */
public record SourceFile(String name, long modifiedMillis, long headCrc32c, long tailCrc32c) {
}
