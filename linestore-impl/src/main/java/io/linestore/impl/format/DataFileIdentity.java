package io.linestore.impl.format;

import io.linestore.CorruptStoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A data file's identity: the CRC32C of its first {@value #HEAD_BYTES} bytes (or all of them, when it
 * has fewer), recorded in the manifest as the shard's {@code dataHeadCrc32c}. Index files carry their
 * store, generation and shard in a header; data files are the user's rows, byte for byte, and have no
 * room for one. Two shards whose lines have the same lengths index alike, so a data file swapped with
 * another shard's, or copied in from another store, passes every per-read check; its head almost never
 * does. Checking it costs one read of at most {@value #HEAD_BYTES} bytes when a shard is opened.
 *
 * <p>A manifest written before the field existed (version 1, or an older version 2) records
 * {@link #UNRECORDED}, and nothing is checked.
 */
public final class DataFileIdentity {

    /** Bytes at the start of a data file that its identity covers. */
    public static final int HEAD_BYTES = 4096;

    /** The {@code dataHeadCrc32c} of a shard whose manifest does not record one. */
    public static final long UNRECORDED = -1;

    private DataFileIdentity() {
    }

    /**
     * How many bytes of a data file of {@code dataBytes} committed bytes the identity covers.
     *
     * @param dataBytes the committed size
     * @return {@code min(dataBytes, HEAD_BYTES)}
     */
    public static long headBytes(long dataBytes) {
        return Math.min(dataBytes, HEAD_BYTES);
    }

    /**
     * Checks, when a shard is opened, that its data file starts with the bytes it was written with.
     * A file shorter than its committed size is left to the size check that follows, whose message
     * says so.
     *
     * @param file the data file
     * @param shard the shard's number, for the message
     * @param dataBytes the shard's committed size
     * @param expectedHeadCrc32c the manifest's {@code dataHeadCrc32c}, or {@link #UNRECORDED}
     * @throws CorruptStoreException naming the file if its head differs
     * @throws UncheckedIOException if the file cannot be read
     */
    public static void check(Path file, int shard, long dataBytes, long expectedHeadCrc32c) {
        if (expectedHeadCrc32c == UNRECORDED) {
            return;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (channel.size() < dataBytes) {
                return;
            }
            String mismatch = mismatch(channel, file, shard, dataBytes, expectedHeadCrc32c);
            if (mismatch != null) {
                throw new CorruptStoreException(file, mismatch);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Compares a data file's head with the manifest's record, as {@code verify} does.
     *
     * @param channel the data file, open for reading, at least {@link #headBytes} long
     * @param file the data file, for messages
     * @param shard the shard's number, for the message
     * @param dataBytes the shard's committed size
     * @param expectedHeadCrc32c the manifest's {@code dataHeadCrc32c}, or {@link #UNRECORDED}
     * @return what is wrong, or {@code null} when the head matches or nothing is recorded
     * @throws IOException if reading fails
     */
    public static String mismatch(FileChannel channel, Path file, int shard, long dataBytes, long expectedHeadCrc32c)
            throws IOException {
        if (expectedHeadCrc32c == UNRECORDED) {
            return null;
        }
        return mismatch(Checksums.crc32c(channel, file, 0, headBytes(dataBytes)), shard, dataBytes, expectedHeadCrc32c);
    }

    /**
     * Compares the CRC32C of a data file's head, however it was read (from disk, or by a ranged GET
     * of an object), with the manifest's record.
     *
     * @param headCrc32c the CRC32C of the file's first {@link #headBytes} bytes
     * @param shard the shard's number, for the message
     * @param dataBytes the shard's committed size
     * @param expectedHeadCrc32c the manifest's {@code dataHeadCrc32c}, or {@link #UNRECORDED}
     * @return what is wrong, or {@code null} when the head matches or nothing is recorded
     */
    public static String mismatch(long headCrc32c, int shard, long dataBytes, long expectedHeadCrc32c) {
        if (expectedHeadCrc32c == UNRECORDED || headCrc32c == expectedHeadCrc32c) {
            return null;
        }
        return "its first " + headBytes(dataBytes) + " bytes are not those shard " + shard + " was written with (CRC32C "
                + Long.toHexString(headCrc32c) + ", the manifest says " + Long.toHexString(expectedHeadCrc32c)
                + "): the file belongs to another shard or store, or was overwritten";
    }
}
