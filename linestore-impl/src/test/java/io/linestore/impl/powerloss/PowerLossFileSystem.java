package io.linestore.impl.powerloss;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.WatchService;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.nio.file.spi.FileSystemProvider;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * A file system over a real directory tree that remembers what of it is durable, so a test can cut
 * the power in the middle of a write and see what a disk would keep: in the manner of Lucene's
 * {@code mockfile} file systems and SQLite's crash tests. Writers use it through its paths ({@link
 * #path}) like any other; every operation is passed to the default file system underneath.
 *
 * <p>The model, after POSIX's {@code fsync}:
 * <ul>
 *   <li>A file's bytes are durable as of the last {@link java.nio.channels.FileChannel#force} of a
 *       channel on it: a file never forced since it was created has no durable bytes (it is empty).
 *   <li>A directory's entries (files and directories created, renamed into or out of it, deleted) are
 *       durable as of the last force of a channel opened on the directory. Forcing a file does not make
 *       its name durable, nor does forcing a directory make its files' bytes durable.
 *   <li>Everything in the tree when the file system is made is durable.
 * </ul>
 *
 * <p>{@link #cutAt} makes the N-th operation that changes the disk (open for writing, write,
 * truncate, force, create a directory, delete, move) fail with an {@link IOException}, and every
 * operation after it, as if the process had died there; {@link #operations} counts them, so a run
 * without a cut tells how many a write makes. Then {@link #powerCut()} rewrites the real tree to its
 * durable state: each file holds its durable bytes, and each directory its durable entries, so names
 * created, renamed or deleted since their directory's last force are back as they were.
 * {@link #powerCut(SplittableRandom)} lets some of what was not forced survive as well, as a disk may
 * have written it before the power went: each file keeps its durable bytes or all it holds now, and
 * each directory keeps its durable entries and a prefix of the changes made since, in order (as a
 * journal commits them). A write that is safe only if the disk keeps nothing it was not told to keep
 * (a rename made before the file it publishes was forced) fails there.
 *
 * <p>Not modelled: torn or partial writes (a file keeps its durable bytes or all its bytes, never a
 * part, a page or a sector of them), the order in which one file's writes reach the disk, changes
 * that survive in one directory before earlier ones of another, file sizes and times apart from
 * the bytes, and writes to a file after its last name is gone. Copies, links, attribute changes,
 * appends and writable mappings are refused, so that nothing changes the tree behind the model's
 * back. The root directory itself is durable. Paths outside the root may be read but not written.
 */
public final class PowerLossFileSystem extends FileSystem {

    private final Path root;
    private final PowerLossProvider provider;

    private PowerLossFileSystem(Path root) throws IOException {
        this.root = root;
        this.provider = new PowerLossProvider(this, new DiskModel(root));
    }

    /**
     * Makes a file system over a directory, all of whose files are taken as durable.
     *
     * @param root an existing directory of the default file system; paths of this file system are
     *     made from it as given, so that the writers' paths and the model's agree
     * @return the file system; its paths are under {@link #root()}
     * @throws IOException if the tree cannot be read
     */
    public static PowerLossFileSystem over(Path root) throws IOException {
        return new PowerLossFileSystem(root.toAbsolutePath().normalize());
    }

    /**
     * The root directory, as a path of this file system.
     *
     * @return the root
     */
    public Path root() {
        return wrap(root);
    }

    /**
     * A path of this file system for a path of the default file system.
     *
     * @param real a path of the default file system
     * @return the same path of this one
     */
    public Path path(Path real) {
        return wrap(real.toAbsolutePath().normalize());
    }

    Path wrap(Path real) {
        return new PowerLossPath(this, real);
    }

    /**
     * Makes the given operation that changes the disk fail, and every operation after it.
     *
     * @param operation counting from 1, as {@link #operations} counts
     */
    public void cutAt(long operation) {
        provider.cutAt(operation);
    }

    /**
     * Operations that changed the disk so far, the one cut included.
     *
     * @return the count
     */
    public long operations() {
        return provider.operations();
    }

    /**
     * Whether an operation was cut.
     *
     * @return {@code true} once {@link #cutAt}'s operation was reached
     */
    public boolean wasCut() {
        return provider.dead();
    }

    /**
     * Rewrites the real tree to what is durable: nothing that was not forced survives.
     *
     * @throws IOException if the tree cannot be rewritten
     */
    public void powerCut() throws IOException {
        cut(null);
    }

    /**
     * Rewrites the real tree to what is durable and, chosen by {@code random}, some of what was not
     * forced: each file its durable bytes or all its bytes now, each directory its durable entries
     * and a prefix of its changes since.
     *
     * @param random chooses what survives
     * @throws IOException if the tree cannot be rewritten
     */
    public void powerCut(SplittableRandom random) throws IOException {
        cut(random);
    }

    private void cut(SplittableRandom random) throws IOException {
        DiskModel model = provider.model();
        synchronized (provider) {
            model.powerCut(random);
        }
    }

    @Override
    public FileSystemProvider provider() {
        return provider;
    }

    PowerLossProvider powerLossProvider() {
        return provider;
    }

    /** Nothing to close: the tree stays where it is. */
    @Override
    public void close() {
    }

    @Override
    public boolean isOpen() {
        return true;
    }

    @Override
    public boolean isReadOnly() {
        return false;
    }

    @Override
    public String getSeparator() {
        return root.getFileSystem().getSeparator();
    }

    @Override
    public Iterable<Path> getRootDirectories() {
        return List.of(wrap(root.getRoot()));
    }

    @Override
    public Iterable<FileStore> getFileStores() {
        return List.of();
    }

    @Override
    public Set<String> supportedFileAttributeViews() {
        return Set.of("basic");
    }

    @Override
    public Path getPath(String first, String... more) {
        return wrap(root.getFileSystem().getPath(first, more));
    }

    @Override
    public PathMatcher getPathMatcher(String syntaxAndPattern) {
        PathMatcher real = root.getFileSystem().getPathMatcher(syntaxAndPattern);
        return path -> path instanceof PowerLossPath ours && real.matches(ours.delegate());
    }

    @Override
    public UserPrincipalLookupService getUserPrincipalLookupService() {
        throw new UnsupportedOperationException("user principals of a power-loss file system");
    }

    @Override
    public WatchService newWatchService() {
        throw new UnsupportedOperationException("watching a power-loss file system");
    }
}
