BEGIN TRANSACTION;
CREATE TABLE alembic_version (
	version_num VARCHAR(32) NOT NULL, 
	CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num)
);
INSERT INTO "alembic_version" VALUES('0004_table_people');
CREATE TABLE goldfix_dashboard_entries (
	dashboard_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	"transaction" JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (dashboard_id, "index"), 
	FOREIGN KEY(dashboard_id) REFERENCES goldfix_dashboards (id) ON DELETE CASCADE
);
CREATE TABLE goldfix_dashboards (
	id VARCHAR(40) NOT NULL, 
	players JSON NOT NULL, 
	winner INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
CREATE TABLE moves (
	table_id VARCHAR(40) NOT NULL, 
	"index" INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	action JSON NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (table_id, "index"), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "moves" VALUES('CeDqY18L4VRm',1,1,'{"type": "bid", "gold": 4}','2026-11-27 18:26:36.934223');
INSERT INTO "moves" VALUES('CeDqY18L4VRm',2,0,'{"type": "bid", "gold": 0}','2026-11-27 18:26:36.944626');
INSERT INTO "moves" VALUES('CeDqY18L4VRm',3,0,'{"type": "challenge", "accept": false}','2026-11-27 18:26:36.951786');
INSERT INTO "moves" VALUES('CeDqY18L4VRm',4,1,'{"type": "bid", "gold": 2}','2026-11-27 18:26:36.956449');
INSERT INTO "moves" VALUES('CeDqY18L4VRm',5,0,'{"type": "bid", "gold": 0}','2026-11-27 18:26:36.965931');
INSERT INTO "moves" VALUES('U1ZIOYJDZRjB',1,0,'{"type": "bid", "gold": 0}','2026-11-27 18:26:36.992237');
INSERT INTO "moves" VALUES('U1ZIOYJDZRjB',2,1,'{"type": "bid", "gold": 0}','2026-11-27 18:26:37.012175');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',1,0,'{"type": "place", "x": -1, "y": 0, "rotation": 0}','2026-11-27 18:26:37.053153');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',2,0,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.056726');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',3,1,'{"type": "place", "x": -1, "y": 1, "rotation": 0}','2026-11-27 18:26:37.062801');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',4,1,'{"type": "gold", "x": -1, "y": 0}','2026-11-27 18:26:37.064654');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',5,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.066006');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',6,0,'{"type": "place", "x": 0, "y": -1, "rotation": 2}','2026-11-27 18:26:37.070460');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',7,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.072232');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',8,1,'{"type": "place", "x": 1, "y": -1, "rotation": 2}','2026-11-27 18:26:37.073702');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',9,1,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.074790');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',10,0,'{"type": "place", "x": -1, "y": -1, "rotation": 0}','2026-11-27 18:26:37.079909');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',11,0,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.081976');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',12,1,'{"type": "place", "x": -2, "y": -1, "rotation": 1}','2026-11-27 18:26:37.091563');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',13,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.094800');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',14,0,'{"type": "place", "x": 1, "y": 0, "rotation": 1}','2026-11-27 18:26:37.101723');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',15,0,'{"type": "gold", "x": 0, "y": -1}','2026-11-27 18:26:37.104263');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',16,0,'{"type": "follower", "feature": 5}','2026-11-27 18:26:37.105492');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',17,1,'{"type": "place", "x": -2, "y": -2, "rotation": 3}','2026-11-27 18:26:37.111888');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',18,1,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.113517');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',19,0,'{"type": "place", "x": 1, "y": 1, "rotation": 0}','2026-11-27 18:26:37.116032');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',20,0,'{"type": "pass"}','2026-11-27 18:26:37.118051');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',21,1,'{"type": "place", "x": -1, "y": -2, "rotation": 2}','2026-11-27 18:26:37.131299');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',22,1,'{"type": "follower", "feature": 2}','2026-11-27 18:26:37.133201');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',23,0,'{"type": "place", "x": 1, "y": -2, "rotation": 0}','2026-11-27 18:26:37.134931');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',24,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.136043');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',25,1,'{"type": "place", "x": -2, "y": 0, "rotation": 2}','2026-11-27 18:26:37.144190');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',26,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.145889');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',27,0,'{"type": "place", "x": 0, "y": -2, "rotation": 0}','2026-11-27 18:26:37.153815');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',28,0,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.155236');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',29,1,'{"type": "place", "x": -2, "y": -3, "rotation": 1}','2026-11-27 18:26:37.159506');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',30,1,'{"type": "pass"}','2026-11-27 18:26:37.160740');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',31,0,'{"type": "place", "x": 0, "y": -3, "rotation": 0}','2026-11-27 18:26:37.164306');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',32,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.165548');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',33,1,'{"type": "place", "x": -3, "y": -2, "rotation": 2}','2026-11-27 18:26:37.185332');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',34,1,'{"type": "gold", "x": -2, "y": -1}','2026-11-27 18:26:37.187946');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',35,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.189409');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',36,0,'{"type": "place", "x": -1, "y": 2, "rotation": 2}','2026-11-27 18:26:37.200910');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',37,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.202715');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',38,1,'{"type": "place", "x": -3, "y": -1, "rotation": 0}','2026-11-27 18:26:37.214451');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',39,1,'{"type": "pass"}','2026-11-27 18:26:37.215794');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',40,0,'{"type": "place", "x": 2, "y": -1, "rotation": 0}','2026-11-27 18:26:37.220294');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',41,1,'{"type": "place", "x": -3, "y": 0, "rotation": 1}','2026-11-27 18:26:37.234506');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',42,1,'{"type": "pass"}','2026-11-27 18:26:37.235739');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',43,0,'{"type": "place", "x": 0, "y": -4, "rotation": 0}','2026-11-27 18:26:37.239100');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',44,1,'{"type": "place", "x": -2, "y": -4, "rotation": 2}','2026-11-27 18:26:37.255189');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',45,1,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.256621');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',46,0,'{"type": "place", "x": 2, "y": 0, "rotation": 0}','2026-11-27 18:26:37.259959');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',47,1,'{"type": "place", "x": -3, "y": -3, "rotation": 1}','2026-11-27 18:26:37.276672');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',48,1,'{"type": "follower", "feature": 2}','2026-11-27 18:26:37.278324');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',49,0,'{"type": "place", "x": -3, "y": -4, "rotation": 0}','2026-11-27 18:26:37.285107');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',50,1,'{"type": "place", "x": -4, "y": 0, "rotation": 3}','2026-11-27 18:26:37.292035');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',51,0,'{"type": "place", "x": 1, "y": -3, "rotation": 1}','2026-11-27 18:26:37.297315');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',52,1,'{"type": "place", "x": -4, "y": -2, "rotation": 0}','2026-11-27 18:26:37.301850');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',53,0,'{"type": "place", "x": 2, "y": -3, "rotation": 3}','2026-11-27 18:26:37.305914');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',54,1,'{"type": "place", "x": -4, "y": 1, "rotation": 2}','2026-11-27 18:26:37.307913');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',55,0,'{"type": "place", "x": 3, "y": 0, "rotation": 1}','2026-11-27 18:26:37.311578');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',56,1,'{"type": "place", "x": -5, "y": 1, "rotation": 1}','2026-11-27 18:26:37.326586');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',57,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.327998');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',58,0,'{"type": "place", "x": 3, "y": -3, "rotation": 1}','2026-11-27 18:26:37.337852');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',59,0,'{"type": "follower", "feature": 2}','2026-11-27 18:26:37.339438');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',60,1,'{"type": "place", "x": -4, "y": -1, "rotation": 1}','2026-11-27 18:26:37.347302');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',61,0,'{"type": "place", "x": -2, "y": 1, "rotation": 3}','2026-11-27 18:26:37.352657');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',62,1,'{"type": "place", "x": -5, "y": 0, "rotation": 2}','2026-11-27 18:26:37.360141');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',63,0,'{"type": "place", "x": 1, "y": -4, "rotation": 3}','2026-11-27 18:26:37.367808');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',64,0,'{"type": "gold", "x": 1, "y": -3}','2026-11-27 18:26:37.369497');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',65,1,'{"type": "place", "x": -5, "y": 2, "rotation": 0}','2026-11-27 18:26:37.372138');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',66,0,'{"type": "place", "x": -1, "y": 3, "rotation": 0}','2026-11-27 18:26:37.375390');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',67,1,'{"type": "place", "x": 3, "y": -1, "rotation": 3}','2026-11-27 18:26:37.382494');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',68,0,'{"type": "place", "x": -2, "y": 2, "rotation": 1}','2026-11-27 18:26:37.386725');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',69,1,'{"type": "place", "x": -4, "y": 2, "rotation": 0}','2026-11-27 18:26:37.389292');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',70,0,'{"type": "place", "x": -1, "y": 4, "rotation": 1}','2026-11-27 18:26:37.392828');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',71,1,'{"type": "place", "x": -4, "y": -3, "rotation": 2}','2026-11-27 18:26:37.399033');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',72,0,'{"type": "place", "x": -1, "y": 5, "rotation": 0}','2026-11-27 18:26:37.401747');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',73,1,'{"type": "place", "x": 0, "y": -5, "rotation": 0}','2026-11-27 18:26:37.405286');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',74,1,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.406393');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',75,0,'{"type": "place", "x": 0, "y": 2, "rotation": 1}','2026-11-27 18:26:37.413052');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',76,1,'{"type": "place", "x": -1, "y": -5, "rotation": 2}','2026-11-27 18:26:37.417878');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',77,0,'{"type": "place", "x": -2, "y": 3, "rotation": 1}','2026-11-27 18:26:37.423457');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',78,1,'{"type": "place", "x": 0, "y": -6, "rotation": 2}','2026-11-27 18:26:37.431629');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',79,0,'{"type": "place", "x": 2, "y": -2, "rotation": 2}','2026-11-27 18:26:37.440055');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',80,1,'{"type": "place", "x": -5, "y": -2, "rotation": 1}','2026-11-27 18:26:37.443392');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',81,0,'{"type": "place", "x": 0, "y": 3, "rotation": 3}','2026-11-27 18:26:37.462623');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',82,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.466182');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',83,1,'{"type": "place", "x": -6, "y": -2, "rotation": 3}','2026-11-27 18:26:37.471477');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',84,0,'{"type": "place", "x": 0, "y": 1, "rotation": 1}','2026-11-27 18:26:37.486943');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',85,0,'{"type": "follower", "feature": 3}','2026-11-27 18:26:37.488442');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',86,1,'{"type": "place", "x": -3, "y": 1, "rotation": 1}','2026-11-27 18:26:37.499012');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',87,1,'{"type": "follower", "feature": 2}','2026-11-27 18:26:37.500372');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',88,0,'{"type": "place", "x": -2, "y": 4, "rotation": 1}','2026-11-27 18:26:37.528888');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',89,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.530738');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',90,1,'{"type": "place", "x": 4, "y": -1, "rotation": 0}','2026-11-27 18:26:37.561046');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',91,1,'{"type": "follower", "feature": 3}','2026-11-27 18:26:37.563138');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',92,0,'{"type": "place", "x": 3, "y": 1, "rotation": 2}','2026-11-27 18:26:37.579099');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',93,0,'{"type": "follower", "feature": 3}','2026-11-27 18:26:37.580842');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',94,1,'{"type": "place", "x": -3, "y": 4, "rotation": 0}','2026-11-27 18:26:37.583603');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',95,1,'{"type": "gold", "x": -2, "y": 3}','2026-11-27 18:26:37.584595');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',96,0,'{"type": "place", "x": -5, "y": -1, "rotation": 2}','2026-11-27 18:26:37.610361');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',97,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.613512');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',98,1,'{"type": "place", "x": 1, "y": -6, "rotation": 0}','2026-11-27 18:26:37.616758');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',99,0,'{"type": "place", "x": 0, "y": 4, "rotation": 3}','2026-11-27 18:26:37.646582');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',100,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.648639');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',101,1,'{"type": "place", "x": 1, "y": -7, "rotation": 2}','2026-11-27 18:26:37.658158');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',102,1,'{"type": "gold", "x": 0, "y": -6}','2026-11-27 18:26:37.659379');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',103,0,'{"type": "place", "x": -4, "y": 4, "rotation": 0}','2026-11-27 18:26:37.683318');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',104,0,'{"type": "follower", "feature": 1}','2026-11-27 18:26:37.685174');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',105,1,'{"type": "place", "x": -6, "y": -3, "rotation": 0}','2026-11-27 18:26:37.693191');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',106,0,'{"type": "place", "x": -4, "y": 5, "rotation": 1}','2026-11-27 18:26:37.698651');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',107,1,'{"type": "place", "x": -1, "y": -3, "rotation": 1}','2026-11-27 18:26:37.702410');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',108,0,'{"type": "place", "x": -4, "y": 6, "rotation": 2}','2026-11-27 18:26:37.707122');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',109,1,'{"type": "place", "x": 3, "y": -2, "rotation": 3}','2026-11-27 18:26:37.728691');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',110,1,'{"type": "gold", "x": 2, "y": -2}','2026-11-27 18:26:37.730612');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',111,0,'{"type": "place", "x": -5, "y": -3, "rotation": 0}','2026-11-27 18:26:37.745544');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',112,0,'{"type": "follower", "feature": 0}','2026-11-27 18:26:37.746967');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',113,1,'{"type": "place", "x": 2, "y": -7, "rotation": 0}','2026-11-27 18:26:37.753761');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',114,0,'{"type": "place", "x": -5, "y": 3, "rotation": 2}','2026-11-27 18:26:37.787483');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',115,0,'{"type": "follower", "feature": 3}','2026-11-27 18:26:37.789418');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',116,1,'{"type": "place", "x": 2, "y": -8, "rotation": 2}','2026-11-27 18:26:37.793623');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',117,0,'{"type": "place", "x": -3, "y": 2, "rotation": 2}','2026-11-27 18:26:37.802953');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',118,1,'{"type": "place", "x": -6, "y": 0, "rotation": 1}','2026-11-27 18:26:37.808123');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',119,0,'{"type": "place", "x": -7, "y": -3, "rotation": 2}','2026-11-27 18:26:37.814944');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',120,1,'{"type": "place", "x": -2, "y": -5, "rotation": 0}','2026-11-27 18:26:37.818472');
INSERT INTO "moves" VALUES('QH-fU-f1cwLm',121,0,'{"type": "place", "x": -7, "y": 0, "rotation": 1}','2026-11-27 18:26:37.823197');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',1,1,'{"type": "price", "dollars": 6}','2026-11-27 18:26:37.864905');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',2,0,'{"type": "price", "dollars": 0}','2026-11-27 18:26:37.924173');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',3,2,'{"type": "price", "dollars": 0}','2026-11-27 18:26:37.936099');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',4,1,'{"type": "partner", "player": 3}','2026-11-27 18:26:37.940093');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',5,1,'{"type": "price", "dollars": 4}','2026-11-27 18:26:37.941860');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',6,0,'{"type": "price", "dollars": 0}','2026-11-27 18:26:37.997919');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',7,2,'{"type": "price", "dollars": 0}','2026-11-27 18:26:38.007748');
INSERT INTO "moves" VALUES('_qgLpNIdXOYg',8,1,'{"type": "partner", "player": 1}','2026-11-27 18:26:38.010219');
CREATE TABLE presence (
	table_id VARCHAR(40) NOT NULL, 
	seat INTEGER NOT NULL, 
	owner VARCHAR(64) NOT NULL, 
	status VARCHAR(8) NOT NULL, 
	seen FLOAT NOT NULL, 
	PRIMARY KEY (table_id, seat, owner)
);
CREATE TABLE seats (
	table_id VARCHAR(40) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(60) NOT NULL, 
	agent VARCHAR(120) NOT NULL, 
	token_hash VARCHAR(64), 
	PRIMARY KEY (table_id, seat), 
	FOREIGN KEY(table_id) REFERENCES tables (id)
);
INSERT INTO "seats" VALUES('CeDqY18L4VRm',0,'Player 1','human','390501c281dbfbabc506eb1a50bb2c245596aec92c7112c485a7bbcdc3ac8533');
INSERT INTO "seats" VALUES('CeDqY18L4VRm',1,'random 2','random',NULL);
INSERT INTO "seats" VALUES('U1ZIOYJDZRjB',0,'Player 1','human','d82bdbf73c786d6fcf355c6ba784c08f491bcfe38c3b01a5ef0fcd5f308e94ef');
INSERT INTO "seats" VALUES('U1ZIOYJDZRjB',1,'Player 2','human','5157407ef30f46c952d08fbadb4dbd413bedbaadddc0e08abd1e80c61cb61820');
INSERT INTO "seats" VALUES('AoNrFLlKKX8K',0,'Player 1','human','6fb0abbb06662d1be6ecd695803fc1bf16664dca9f72c12784172ae3686fe3ad');
INSERT INTO "seats" VALUES('AoNrFLlKKX8K',1,'Open seat 2','human',NULL);
INSERT INTO "seats" VALUES('QH-fU-f1cwLm',0,'heuristic 1','heuristic',NULL);
INSERT INTO "seats" VALUES('QH-fU-f1cwLm',1,'heuristic 2','heuristic',NULL);
INSERT INTO "seats" VALUES('_qgLpNIdXOYg',0,'Player 1','human','d604ea3448dc7807c4d7df67b86482b102dddce345d940759aa51314eaf42ac5');
INSERT INTO "seats" VALUES('_qgLpNIdXOYg',1,'heuristic 2','heuristic',NULL);
INSERT INTO "seats" VALUES('_qgLpNIdXOYg',2,'Player 3','human','4fc1b469adeebd755a3a70b5c4974b40f3d604bdc5c4f24d008d6d1bc5d473a2');
CREATE TABLE tables (
	id VARCHAR(40) NOT NULL, 
	game VARCHAR(40) NOT NULL, 
	rules_version VARCHAR(20) NOT NULL, 
	options JSON NOT NULL, 
	settings JSON NOT NULL, 
	seed BIGINT NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	result JSON, seed_salt VARCHAR(64), undo_floor INTEGER, undo_seat INTEGER, clock_move INTEGER, clock_deadline FLOAT, version INTEGER DEFAULT '0' NOT NULL, lease_owner VARCHAR(64), lease_until FLOAT, listed BOOLEAN DEFAULT 1 NOT NULL, table_events JSON, people JSON, 
	PRIMARY KEY (id)
);
INSERT INTO "tables" VALUES('CeDqY18L4VRm','nuggets','1','{"rounds": 5, "start_gold": 6, "challenges": true}','{"decision_timer": 0, "bot_delay_ms": 0, "dealt_by": "client"}',21,'running','2026-11-27 18:26:36.928186','2026-11-27 18:26:36.966011',NULL,'62eec42d2e071c36f099d9cf78d0f245',5,NULL,NULL,NULL,5,NULL,NULL,1,NULL,'null');
INSERT INTO "tables" VALUES('U1ZIOYJDZRjB','nuggets','1','{"rounds": 5, "start_gold": 6, "challenges": true}','{"decision_timer": 0, "bot_delay_ms": 0, "clock": "normal", "dealt_by": "client"}',22,'running','2026-11-27 18:26:36.971493','2026-11-27 18:26:37.012252',NULL,'7467f433ddca1ac2ad5df197680ddc4e',2,NULL,NULL,NULL,2,'',0.0,1,NULL,'{"banks": [300.0, 300.0], "opened": 2, "opened_at": 1795803997.0114355}');
INSERT INTO "tables" VALUES('AoNrFLlKKX8K','nuggets','1','{"rounds": 5, "start_gold": 6, "challenges": true}','{"decision_timer": 0, "bot_delay_ms": 0, "private": true, "dealt_by": "client"}',23,'running','2026-11-27 18:26:37.019110','2026-11-27 18:26:37.019119',NULL,'7b35c6b0f7d98359311ec0679b8e1ead',NULL,NULL,NULL,NULL,0,NULL,NULL,0,NULL,'null');
INSERT INTO "tables" VALUES('QH-fU-f1cwLm','carcassonne','1','{"goldmines": true, "components": ""}','{"decision_timer": 0, "bot_delay_ms": 0, "dealt_by": "client"}',24,'finished','2026-11-27 18:26:37.045902','2026-11-27 18:26:37.823307','{"scores": [133.0, 105.0], "ranking": [[0], [1]]}','2065d59c64aaee00924c488cba97bc84',121,NULL,NULL,NULL,121,NULL,NULL,1,NULL,'null');
INSERT INTO "tables" VALUES('_qgLpNIdXOYg','goodwill','1','{"start_year": 1953, "dividends": false, "cash_only": false}','{"decision_timer": 0, "bot_delay_ms": 0, "dealt_by": "client"}',25,'running','2026-11-27 18:26:37.859592','2026-11-27 18:26:38.010260',NULL,'dd3b08238644b197baec45aa7978af38',8,NULL,NULL,NULL,8,NULL,NULL,1,NULL,'null');
CREATE INDEX ix_tables_game ON tables (game);
CREATE INDEX ix_tables_status ON tables (status);
COMMIT;
