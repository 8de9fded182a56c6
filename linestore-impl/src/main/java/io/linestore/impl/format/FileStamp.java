package io.linestore.impl.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What the operating system tells of a file without reading it, and what a change to its bytes
 * changes: size, modification time, change time ({@code ctime}) and file key (device and inode). The
 * change time is set by the kernel on every write, rename or attribute change, and no call can set it
 * back, so a rewrite that restores the modification time ({@code touch -r}) still shows, as does a
 * file replaced by another (a new inode), as in Git's index.
 *
 * <p>Where the file system has no {@code unix} attribute view, the change time and file key are
 * {@link #UNKNOWN}, and only size and modification time tell.
 *
 * @param size the file's size in bytes
 * @param modifiedMillis its modification time, in milliseconds since the epoch
 * @param changedNanos its change time in nanoseconds since the epoch, or {@link #UNKNOWN}
 * @param device the device that holds it, or {@link #UNKNOWN}
 * @param inode its inode number on that device, or {@link #UNKNOWN}
 */
public record FileStamp(long size, long modifiedMillis, long changedNanos, long device, long inode) {

    /** A change time, device or inode the file system does not give (or a manifest did not record). */
    public static final long UNKNOWN = Long.MIN_VALUE;

    /**
     * How long a change time may stay the same across two writes: file systems take it from a clock
     * that ticks every 1 to 10 ms on Linux ({@code 1/HZ}), so two writes within a tick may share it.
     */
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /** How often {@link #settled} waits for a file that keeps changing, before it takes what it has. */
    private static final int MAX_SETTLE_WAITS = 5;

    private static final String UNIX_ATTRIBUTES = "unix:size,lastModifiedTime,ctime,dev,ino";

    /**
     * Reads a file's stamp.
     *
     * @param file the file
     * @return its stamp now
     * @throws IOException if the file's attributes cannot be read
     */
    public static FileStamp of(Path file) throws IOException {
        Map<String, Object> unix;
        try {
            unix = Files.readAttributes(file, UNIX_ATTRIBUTES);
        } catch (UnsupportedOperationException | IllegalArgumentException noUnixView) {
            BasicFileAttributes basic = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileStamp(basic.size(), basic.lastModifiedTime().toMillis(), UNKNOWN, UNKNOWN, UNKNOWN);
        }
        return new FileStamp((Long) unix.get("size"), ((FileTime) unix.get("lastModifiedTime")).toMillis(),
                nanos((FileTime) unix.get("ctime")), (Long) unix.get("dev"), (Long) unix.get("ino"));
    }

    /**
     * Reads a file's stamp once its change time is at least a clock tick old, so that any later
     * write gives it another one. A file changed within the last tick is read again after the rest of
     * the tick (a few times at most, for a file written without pause: then a later same-size rewrite
     * within the tick is the one change the stamp may miss).
     *
     * @param file the file about to be indexed
     * @return its stamp
     * @throws IOException if the file's attributes cannot be read
     */
    public static FileStamp settled(Path file) throws IOException {
        FileStamp stamp = of(file);
        for (int wait = 0; wait < MAX_SETTLE_WAITS && stamp.changedNanos != UNKNOWN; wait++) {
            long age = nanos(FileTime.from(Instant.now())) - stamp.changedNanos;
            if (age >= TICK_NANOS || age < -TICK_NANOS) {
                break; // old enough, or from a clock that is not this one (then waiting cannot help)
            }
            try {
                TimeUnit.NANOSECONDS.sleep(TICK_NANOS - age);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + file + " to settle", e);
            }
            stamp = of(file);
        }
        return stamp;
    }

    /**
     * What differs between the file as recorded ({@code this}) and as it is, apart from its size: its
     * modification time, change time or file key; a field either side does not know is not compared.
     *
     * @param now the file's stamp now
     * @return what differs, with the numbers, or {@code null} if nothing known does
     */
    public String restamped(FileStamp now) {
        if (now.modifiedMillis != modifiedMillis) {
            return "it was modified (at " + now.modifiedMillis + " ms, indexed at " + modifiedMillis + " ms)";
        }
        if (replacedBy(now)) {
            return "it is another file (device " + now.device + ", inode " + now.inode + "; indexed: device "
                    + device + ", inode " + inode + ")";
        }
        if (known(changedNanos, now.changedNanos) && now.changedNanos != changedNanos) {
            return "it was written to or its attributes were changed (change time " + now.changedNanos
                    + " ns, indexed at " + changedNanos + " ns) though its modification time is as indexed";
        }
        return null;
    }

    /**
     * Whether the file now is another file than the one recorded (another device or inode: replaced
     * by a rename, or copied), whatever its bytes.
     *
     * @param now the file's stamp now
     * @return {@code true} if both know the file key and it differs
     */
    public boolean replacedBy(FileStamp now) {
        return known(inode, now.inode) && known(device, now.device) && (now.inode != inode || now.device != device);
    }

    private static boolean known(long recorded, long now) {
        return recorded != UNKNOWN && now != UNKNOWN;
    }

    private static long nanos(FileTime time) {
        Instant instant = time.toInstant();
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
    }
}
