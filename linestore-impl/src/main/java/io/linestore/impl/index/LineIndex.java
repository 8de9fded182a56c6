package io.linestore.impl.index;

import java.nio.file.Path;

/**
 * A shard's index as reads use it, whatever its encoding: entry {@code e} is the byte offset of line
 * {@code e * stride()}, the last entry the data size. Implementations are read-only views over a
 * mapping and thread-safe.
 */
public interface LineIndex {

    /**
     * Lines per entry.
     *
     * @return {@code >= 1}
     */
    int stride();

    /**
     * Entries, the end entry included.
     *
     * @return {@code ceil(lines / stride()) + 1}
     */
    long entryCount();

    /**
     * Entry {@code e}: the byte offset of line {@code e * stride()}, or the committed data size for the
     * last.
     *
     * @param e the entry, {@code [0, entryCount())}
     * @return the byte offset
     * @throws IndexOutOfBoundsException if {@code e} is out of range
     * @throws io.linestore.CorruptStoreException if the index is damaged where entry {@code e} lives
     */
    long entry(long e);

    /**
     * Entries {@code [first, first + count)}, as {@link #entry} gives them one by one, for reads that
     * walk every line: an encoding overrides it to decode a run faster than single entries.
     *
     * @param first the first entry, {@code >= 0}
     * @param into receives the entries from index 0
     * @param count entries wanted, {@code first + count <= entryCount()}
     * @throws IndexOutOfBoundsException if the entries are out of range
     * @throws io.linestore.CorruptStoreException if the index is damaged where they live
     */
    default void entries(long first, long[] into, int count) {
        for (int i = 0; i < count; i++) {
            into[i] = entry(first + i);
        }
    }

    /**
     * The CRC32C of the line-start entries (all but the end entry) as 8-byte little-endian numbers,
     * the checksum the manifest records; reads every entry, for {@code verify}.
     *
     * @return the checksum
     * @throws io.linestore.CorruptStoreException if an entry cannot be decoded
     */
    long entriesCrc32c();

    /**
     * Checks what opening leaves alone because an append may be changing it; for {@code verify}, with
     * no writer running.
     *
     * @throws io.linestore.CorruptStoreException if the header disagrees with the manifest
     */
    void checkWhole();

    /**
     * Bytes of the index file this view covers, as the manifest commits them.
     *
     * @return the committed size of the index file
     */
    long byteSize();

    /**
     * The file, for messages.
     *
     * @return the index file's path
     */
    Path file();
}
