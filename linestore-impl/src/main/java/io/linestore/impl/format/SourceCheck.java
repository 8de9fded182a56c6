package io.linestore.impl.format;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Tells whether a file indexed in place is as it was indexed, only longer, or changed otherwise, from
 * its size, its modification time and the checksums of the head and tail of the indexed bytes.
 *
 * <p>A file of the same size with another modification time counts as changed, even if the probed
 * bytes agree: its middle may have been rewritten, and a stale index must never return wrong lines.
 * A file that grew is trusted to have kept its old bytes when their head and tail still match.
 */
public final class SourceCheck {

    /** The state of an indexed file. */
    public enum State {
        /** Unchanged since indexed. */
        FRESH,
        /** Longer, with the indexed bytes (as far as probed) unchanged: only the new tail needs indexing. */
        GROWN,
        /** Changed in another way: the index must be rebuilt. */
        CHANGED
    }

    /**
     * The outcome of a check.
     *
     * @param state the file's state
     * @param size the file's size now
     * @param modifiedMillis the file's modification time now
     * @param change for {@link State#CHANGED}, what changed, with the numbers; else empty
     */
    public record Result(State state, long size, long modifiedMillis, String change) {
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
        SourceFile source = manifest.source();
        long indexed = manifest.dataBytes();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            long modified = Files.getLastModifiedTime(file).toMillis();
            if (size < indexed) {
                return changed(size, modified, "it is " + size + " bytes now, shorter than the " + indexed
                        + " bytes indexed");
            }
            if (headCrc(channel, file, indexed) != source.headCrc32c()
                    || tailCrc(channel, file, indexed) != source.tailCrc32c()) {
                return changed(size, modified, "bytes within the first " + indexed + " (the indexed ones) changed");
            }
            if (size == indexed) {
                return modified == source.modifiedMillis() ? new Result(State.FRESH, size, modified, "")
                        : changed(size, modified, "it was modified (at " + modified + " ms, indexed at "
                                + source.modifiedMillis() + " ms) without growing");
            }
            return new Result(State.GROWN, size, modified, "");
        }
    }

    /**
     * Records a file's identity after indexing its first {@code indexed} bytes.
     *
     * @param file the file
     * @param channel the file, open for reading
     * @param indexed bytes indexed
     * @param modifiedMillis the modification time read before the bytes were
     * @return what the manifest records
     * @throws IOException if reading fails
     */
    public static SourceFile identify(Path file, FileChannel channel, long indexed, long modifiedMillis)
            throws IOException {
        return new SourceFile(file.getFileName().toString(), modifiedMillis, headCrc(channel, file, indexed),
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

    private static Result changed(long size, long modified, String change) {
        return new Result(State.CHANGED, size, modified, change);
    }
}
