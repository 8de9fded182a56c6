package io.linestore.impl.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Tells whether a file indexed in place is as it was indexed, only longer, or changed otherwise, from
 * its {@link FileStamp} (size, modification time, change time, device and inode) and the checksums of
 * the head and tail of the indexed bytes, as Git's index tells a changed file without reading it.
 *
 * <p>A file of the same size whose modification time, change time or inode differs from the recorded
 * ones is {@link State#RESTAMPED}: its middle may have been rewritten (with {@code touch -r} to hide
 * it), or it may be another file with the same head and tail, so it is trusted again only once all of
 * its indexed bytes are checked against the CRC32C the manifest records ({@link #holdsIndexedBytes}).
 * A file that grew is trusted to have kept its old bytes when their head and tail still match and it
 * is still the same file (device and inode).
 */
public final class SourceCheck {

    /** The state of an indexed file. */
    public enum State {
        /** Unchanged since indexed. */
        FRESH,
        /** Longer, with the indexed bytes (as far as probed) unchanged: only the new tail needs indexing. */
        GROWN,
        /**
         * Probed bytes unchanged, but modified, written to or replaced since indexed: usable only once
         * its indexed bytes are all checked.
         */
        RESTAMPED,
        /** Changed in another way: the index must be rebuilt. */
        CHANGED
    }

    /**
     * The outcome of a check.
     *
     * @param state the file's state
     * @param stamp the file's stamp now
     * @param change for {@link State#RESTAMPED} and {@link State#CHANGED}, what changed, with the numbers;
     *     else empty
     */
    public record Result(State state, FileStamp stamp, String change) {
    }

    private SourceCheck() {
    }

    /**
     * Checks a file against its sidecar's manifest.
     *
     * @param file the indexed file
     * @param manifest the sidecar's manifest; its {@code source} is not null
     * @return the state
     * @throws IOException if the file cannot be read
     */
    public static Result check(Path file, Manifest manifest) throws IOException {
        return check(file, manifest, FileStamp.of(file));
    }

    /**
     * Checks a file against its sidecar's manifest, with its stamp as just read.
     *
     * @param file the indexed file
     * @param manifest the sidecar's manifest; its {@code source} is not null
     * @param now the file's stamp, read before its bytes are
     * @return the state
     * @throws IOException if the file cannot be read
     */
    public static Result check(Path file, Manifest manifest, FileStamp now) throws IOException {
        SourceFile source = manifest.source();
        long indexed = manifest.dataBytes();
        FileStamp recorded = source.stamp(indexed);
        if (now.size() < indexed) {
            return new Result(State.CHANGED, now, "it is " + now.size() + " bytes now, shorter than the " + indexed
                    + " bytes indexed");
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            if (headCrc(channel, file, indexed) != source.headCrc32c()
                    || tailCrc(channel, file, indexed) != source.tailCrc32c()) {
                return new Result(State.CHANGED, now, "bytes within the first " + indexed
                        + " (the indexed ones) changed");
            }
        }
        if (now.size() > indexed) {
            return recorded.replacedBy(now)
                    ? new Result(State.RESTAMPED, now, recorded.restamped(now) + " and grew")
                    : new Result(State.GROWN, now, "");
        }
        String restamped = recorded.restamped(now);
        return restamped == null ? new Result(State.FRESH, now, "") : new Result(State.RESTAMPED, now, restamped);
    }

    /**
     * Whether a file's indexed bytes are all as indexed: their CRC32C is the one the manifest records.
     * Reads them all.
     *
     * @param file the indexed file
     * @param manifest its sidecar's manifest
     * @return {@code null} if they are, else what differs
     * @throws IOException if the file cannot be read
     */
    public static String holdsIndexedBytes(Path file, Manifest manifest) throws IOException {
        long expected = manifest.shards().getFirst().dataCrc32c();
        long crc;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            crc = Checksums.crc32c(channel, file, 0, manifest.dataBytes());
        }
        return crc == expected ? null : "the CRC32C of its first " + manifest.dataBytes() + " bytes is "
                + Long.toHexString(crc) + ", indexed " + Long.toHexString(expected);
    }

    /**
     * Records a file's identity after indexing its first {@code indexed} bytes.
     *
     * @param file the file
     * @param channel the file, open for reading
     * @param indexed bytes indexed
     * @param stamp the file's stamp, read before its bytes were
     * @return what the manifest records
     * @throws IOException if reading fails
     */
    public static SourceFile identify(Path file, FileChannel channel, long indexed, FileStamp stamp)
            throws IOException {
        return new SourceFile(file.getFileName().toString(), stamp, headCrc(channel, file, indexed),
                tailCrc(channel, file, indexed));
    }

    /**
     * Whether the first {@code length} bytes of a file end inside a line: the last of them is not
     * {@code \n}, so the file's last indexed line is unterminated (and may be continued later).
     *
     * @param channel the file, open for reading
     * @param length bytes indexed
     * @return {@code true} if the last indexed line has no {@code \n}
     * @throws IOException if reading fails
     */
    public static boolean endsInsideLine(FileChannel channel, long length) throws IOException {
        if (length == 0) {
            return false;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, length - 1);
        return last.get(0) != '\n';
    }

    private static long headCrc(FileChannel channel, Path file, long indexed) throws IOException {
        return Checksums.crc32c(channel, file, 0, Math.min(indexed, StoreFiles.PROBE_BYTES));
    }

    private static long tailCrc(FileChannel channel, Path file, long indexed) throws IOException {
        return Checksums.crc32c(channel, file, Math.max(0, indexed - StoreFiles.PROBE_BYTES), indexed);
    }
}
