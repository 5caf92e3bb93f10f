"""benchmarks/tuning/cut.py's tests: python3 -m unittest discover -s benchmarks/tuning"""
import os, tempfile, unittest
from cut import cut

LINE = '2026-11-22 {} DEBUG org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace: op: HDFS_READ\n'

class CutTest(unittest.TestCase):
    def write(self, name, times):
        path = os.path.join(self.dir.name, name)
        with open(path, 'w') as f:
            f.writelines(LINE.format(t) for t in times)
        return path

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.dir.cleanup()

    def lines(self, path):
        with open(path) as f:
            return [l[11:23] for l in f]

    def test_cut_lineAtTheCut_droppedAndEarlierKept(self):
        log = self.write('a.log', ['00:00:00,000', '00:59:59,999', '01:00:00,000', '02:00:00,000'])
        out = os.path.join(self.dir.name, 'a.cut')
        self.assertEqual([2], cut(1, [(log, out)]))
        self.assertEqual(['00:00:00,000', '00:59:59,999'], self.lines(out))

    def test_cut_severalLogs_oneTimeFromTheEarliestStart(self):
        a = self.write('a.log', ['00:10:00,000', '00:40:00,000', '01:05:00,000'])
        b = self.write('b.log', ['00:00:00,000', '00:50:00,000', '01:00:00,000'])
        ca, cb = os.path.join(self.dir.name, 'a.cut'), os.path.join(self.dir.name, 'b.cut')
        self.assertEqual([2, 2], cut(1, [(a, ca), (b, cb)]))
        self.assertEqual(['00:10:00,000', '00:40:00,000'], self.lines(ca))

    def test_cut_lineWithoutTime_namesFileAndLine(self):
        log = self.write('a.log', ['00:00:00,000'])
        with open(log, 'a') as f:
            f.write('garbage\n')
        with self.assertRaises(SystemExit) as e:
            cut(1, [(log, os.path.join(self.dir.name, 'a.cut'))])
        self.assertIn('a.log:2', str(e.exception.code))

if __name__ == '__main__':
    unittest.main()
