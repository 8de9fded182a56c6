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
 * @param checkpointsBytes for a gzip or zstd file, the size of its checkpoint table
 *     ({@link io.linestore.impl.blocks.CheckpointTable}); 0 for text
 * @param checkpointsCrc32c for a gzip or zstd file, the CRC32C of its checkpoint table; 0 for text
 * @param changedNanos the file's change time when it was last indexed ({@link FileStamp}), or
 *     {@link FileStamp#UNKNOWN}
 * @param device the device that held it, or {@link FileStamp#UNKNOWN}
 * @param inode its inode, or {@link FileStamp#UNKNOWN}
 * @param textEndsInsideLine for a gzip or zstd file, whether its indexed text ends inside a line (its
 *     last byte is not {@code \n}): once the file grows, that line may go on in the new bytes; {@code true}
 *     when unknown. A text file's own last indexed byte tells, so it is not recorded
 */
public record SourceFile(String name, long modifiedMillis, long headCrc32c, long tailCrc32c, long checkpointsBytes,
        long checkpointsCrc32c, long changedNanos, long device, long inode, boolean textEndsInsideLine) {

    /**
     * What a sidecar knows of a file of which only the modification time and the probes are known.
     *
     * @param name the file's name
     * @param modifiedMillis its modification time
     * @param headCrc32c CRC32C of its head
     * @param tailCrc32c CRC32C of its tail
     */
    public SourceFile(String name, long modifiedMillis, long headCrc32c, long tailCrc32c) {
        this(name, modifiedMillis, headCrc32c, tailCrc32c, 0, 0, FileStamp.UNKNOWN, FileStamp.UNKNOWN,
                FileStamp.UNKNOWN, true);
    }

    /**
     * What a sidecar knows of a local file: its stamp as it was read before its bytes were.
     *
     * @param name the file's name
     * @param stamp its stamp
     * @param headCrc32c CRC32C of its head
     * @param tailCrc32c CRC32C of its tail
     */
    public SourceFile(String name, FileStamp stamp, long headCrc32c, long tailCrc32c) {
        this(name, stamp.modifiedMillis(), headCrc32c, tailCrc32c, 0, 0, stamp.changedNanos(), stamp.device(),
                stamp.inode(), true);
    }

    /**
     * The same file with the checkpoint table of its compressed text.
     *
     * @param bytes the table's size
     * @param crc32c the table's CRC32C
     * @param endsInsideLine whether the text indexed ends inside a line
     * @return the record
     */
    public SourceFile withCheckpoints(long bytes, long crc32c, boolean endsInsideLine) {
        return new SourceFile(name, modifiedMillis, headCrc32c, tailCrc32c, bytes, crc32c, changedNanos, device,
                inode, endsInsideLine);
    }

    /**
     * The same file, known by another stamp: one checked to hold the bytes indexed.
     *
     * @param stamp the file's stamp now
     * @return the record
     */
    public SourceFile withStamp(FileStamp stamp) {
        return new SourceFile(name, stamp.modifiedMillis(), headCrc32c, tailCrc32c, checkpointsBytes,
                checkpointsCrc32c, stamp.changedNanos(), stamp.device(), stamp.inode(), textEndsInsideLine);
    }

    /**
     * The file's stamp as recorded, with the size indexed.
     *
     * @param indexedBytes the bytes of the file indexed
     * @return the stamp
     */
    public FileStamp stamp(long indexedBytes) {
        return new FileStamp(indexedBytes, modifiedMillis, changedNanos, device, inode);
    }
}
